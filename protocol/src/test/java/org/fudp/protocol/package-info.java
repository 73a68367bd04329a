/**
 * Tests of the FUDP control protocol codec, reassembly and framing.
 */
package org.fudp.protocol;
