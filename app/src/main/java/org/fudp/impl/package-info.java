/**
 * Implementation of the FUDP control loop inside ONOS.
 */
package org.fudp.impl;
