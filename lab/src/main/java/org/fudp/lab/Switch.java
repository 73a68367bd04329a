// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.lab;

import java.io.IOException;
import java.util.List;

/**
 * The OpenFlow switch as the lab host drives it. The real one is {@link OvsOfctlSwitch}.
 */
interface Switch {

    /**
     * Adds flow rules, in ovs-ofctl's flow syntax, in order, one after the other.
     *
     * @param rules rules
     * @throws FlowModRefusal if the switch refused one of them (e.g. its table is full): the rules before
     *     it are installed, it and the rest are not
     * @throws IOException if the switch cannot be asked; then none is known to be installed
     */
    void addFlows(List<String> rules) throws IOException;

    /**
     * Deletes the rules that match each of the given matches (e.g. {@code cookie=0x../-1}).
     *
     * @param matches matches in ovs-ofctl's flow syntax
     * @throws IOException if the switch refuses them
     */
    void deleteFlows(List<String> matches) throws IOException;

    /**
     * Returns the rules with their counters.
     *
     * @return dump-flows text
     * @throws IOException if the switch cannot be asked
     */
    String dumpFlows() throws IOException;

    /**
     * Sends a frame out of a port (an OpenFlow Packet-Out).
     *
     * @param port output port
     * @param frame Ethernet frame
     * @throws IOException if the switch refuses it
     */
    void packetOut(long port, byte[] frame) throws IOException;

    /**
     * Modifies rules in place, matched strictly (match and priority): their actions change, their
     * counters go on.
     *
     * @param rules the rules, in add-flows syntax
     * @throws IOException if the switch refuses one
     */
    void modifyFlows(List<String> rules) throws IOException;

    /**
     * Adds a meter.
     *
     * @param spec the meter in add-meter syntax
     * @throws IOException if the switch refuses it (its text says why)
     */
    void addMeter(String spec) throws IOException;

    /**
     * Deletes a meter.
     *
     * @param id the meter id
     * @throws IOException if the switch cannot be reached
     */
    void deleteMeter(long id) throws IOException;

    /**
     * Returns the meters' counters, as meter-stats prints them.
     *
     * @return the text
     * @throws IOException if the switch cannot be reached
     */
    String meterStats() throws IOException;
}
