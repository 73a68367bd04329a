/**
 * The lab's FUDP controller: the product's algorithm core and wire codec driving a real Open vSwitch
 * through ovs-ofctl, with the same per-flow steering rules as the ONOS app.
 */
package org.fudp.lab;
