/**
 * Tests of the host-free control loop.
 */
package org.fudp.loop;
