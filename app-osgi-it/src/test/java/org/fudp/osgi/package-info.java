/**
 * Proves, in a real OSGi framework, that the app bundle would resolve and wire inside ONOS 2.7.
 */
package org.fudp.osgi;
