/**
 * Tests of the FUDP JSON codecs, and the test doubles the REST and CLI tests share.
 */
package org.fudp.codec;
