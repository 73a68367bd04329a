// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.agent.tc;

import org.fudp.protocol.FiveTuple;
import org.fudp.protocol.FlowLimit;

import java.net.InetAddress;
import java.net.UnknownHostException;

/** Builds test flows. */
final class Flows {

    private Flows() {
    }

    static FiveTuple udp(String src, int sport, String dst, int dport) {
        return new FiveTuple(FiveTuple.UDP, addr(src), addr(dst), sport, dport);
    }

    static FlowLimit limit(FiveTuple flow, long rate) {
        return new FlowLimit(flow, rate, 15000);
    }

    static InetAddress addr(String text) {
        try {
            return InetAddress.getByName(text);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException(text, e);
        }
    }
}
