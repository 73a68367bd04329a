/**
 * Tests of the lab controller: parsing of ovs-ofctl output and one control loop on a fake switch.
 */
package org.fudp.lab;
