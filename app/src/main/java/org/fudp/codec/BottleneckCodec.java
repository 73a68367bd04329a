// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.codec;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.fudp.api.Bottleneck;
import org.onosproject.codec.CodecContext;
import org.onosproject.codec.JsonCodec;

import java.util.List;

/**
 * A bottleneck in the network config's own form ({@code name}, {@code link} or {@code egress},
 * {@code capacityBps}, {@code destinations}), validated by the config class.
 */
public final class BottleneckCodec extends JsonCodec<Bottleneck> {

    @Override
    public ObjectNode encode(Bottleneck b, CodecContext context) {
        return (ObjectNode) ConfigSections.encodeBottlenecks(List.of(b)).get(0);
    }

    @Override
    public Bottleneck decode(ObjectNode json, CodecContext context) {
        return ConfigSections.bottlenecks(context.mapper().createArrayNode().add(json)).get(0);
    }
}
