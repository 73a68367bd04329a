/**
 * Tests of the FUDP manager, the ONOS way: the component with adapter services injected.
 */
package org.fudp.impl;
