/**
 * The FUDP store of an ONOS cluster: the loop's published views and bounded histories in ONOS's
 * eventually consistent maps, so every instance serves reads and a failover keeps them.
 */
package org.fudp.store;
