/**
 * The FUDP control loop without a host: flow tracking and CFS membership (FIC), FUDPA per
 * correlation flow set, the limits in force and the adjustor session (UFC). It takes events and
 * the time as arguments and returns {@link org.fudp.loop.Actions}: rules to add or remove,
 * frames to emit, state to publish. It never reads a clock or sends anything; the ONOS app and
 * the lab host it and execute what it returns.
 */
package org.fudp.loop;
