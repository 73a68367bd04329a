/**
 * FUDP's REST API under {@code /onos/fudp}: correlation flow sets, flows, allocations, agents,
 * history, facilities and bottlenecks, what-if and control.
 */
package org.fudp.rest;
