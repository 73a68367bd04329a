// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.codec;

import org.fudp.protocol.FlowIds;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.common.collect.ImmutableSet;
import com.google.common.net.InetAddresses;
import org.fudp.protocol.FiveTuple;
import org.onosproject.codec.CodecContext;
import org.onosproject.codec.JsonCodec;

import java.net.InetAddress;
import java.util.Set;

/**
 * A flow's 5-tuple as JSON: {@code {"id": "udp-10.0.0.1-5001-10.0.0.4-5201", "protocol": "udp",
 * "src": "10.0.0.1", "srcPort": 5001, "dst": "10.0.0.4", "dstPort": 5201}}.
 */
public final class FiveTupleCodec extends JsonCodec<FiveTuple> {

    static final String ID = "id";
    static final String PROTOCOL = "protocol";
    static final String SRC = "src";
    static final String SRC_PORT = "srcPort";
    static final String DST = "dst";
    static final String DST_PORT = "dstPort";

    /** The fields {@link #write} produces. */
    static final Set<String> FIELDS = ImmutableSet.of(ID, PROTOCOL, SRC, SRC_PORT, DST, DST_PORT);

    @Override
    public ObjectNode encode(FiveTuple flow, CodecContext context) {
        return write(context.mapper().createObjectNode(), flow);
    }

    @Override
    public FiveTuple decode(ObjectNode json, CodecContext context) {
        return read(json, "");
    }

    /**
     * Writes a 5-tuple's fields into an object.
     *
     * @param node the object
     * @param flow the 5-tuple
     * @return the object
     */
    static ObjectNode write(ObjectNode node, FiveTuple flow) {
        node.put(ID, FlowIds.id(flow));
        node.put(PROTOCOL, FlowIds.protocolName(flow.protocol()));
        node.put(SRC, InetAddresses.toAddrString(flow.src()));
        node.put(SRC_PORT, flow.srcPort());
        node.put(DST, InetAddresses.toAddrString(flow.dst()));
        node.put(DST_PORT, flow.dstPort());
        return node;
    }

    private static int port(JsonNode node, String path, String name) {
        long v = JsonFields.longValue(node, path, name);
        if (v < 0 || v > 65535) {
            throw new IllegalArgumentException(JsonFields.path(path, name)
                    + ": must be a port number (0..65535), was " + v);
        }
        return (int) v;
    }

    /**
     * Reads a 5-tuple from an object's fields; {@code id}, if present, must agree with them.
     *
     * @param node the object
     * @param path its path, for errors
     * @return the 5-tuple
     * @throws IllegalArgumentException naming the bad field
     */
    static FiveTuple read(JsonNode node, String path) {
        JsonFields.object(node, path);
        int protocol = FlowIds.parseProtocol(JsonFields.path(path, PROTOCOL),
                JsonFields.text(node, path, PROTOCOL));
        InetAddress src = FlowIds.address(JsonFields.path(path, SRC), JsonFields.text(node, path, SRC));
        InetAddress dst = FlowIds.address(JsonFields.path(path, DST), JsonFields.text(node, path, DST));
        int srcPort = port(node, path, SRC_PORT);
        int dstPort = port(node, path, DST_PORT);
        FiveTuple flow;
        try {
            flow = new FiveTuple(protocol, src, dst, srcPort, dstPort);
        } catch (IllegalArgumentException e) {
            // only the address families can still disagree here
            throw new IllegalArgumentException(JsonFields.path(path, DST) + ": " + e.getMessage(), e);
        }
        JsonNode id = node.get(ID);
        if (id != null && !FlowIds.id(flow).equals(id.asText())) {
            throw new IllegalArgumentException(JsonFields.path(path, ID) + ": \"" + id.asText()
                    + "\" does not match the 5-tuple, expected \"" + FlowIds.id(flow) + "\"");
        }
        return flow;
    }
}
