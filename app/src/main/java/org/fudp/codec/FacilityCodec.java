// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.codec;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.fudp.api.FacilityConfig;
import org.onosproject.codec.CodecContext;
import org.onosproject.codec.JsonCodec;

import java.util.List;

/**
 * A facility in the network config's own form ({@code deviceId}, {@code enforcement}, {@code adjustorPort},
 * {@code returnPort}, {@code adjustorMac}, {@code keyId}, {@code ruleBudget}, {@code packetInBudget},
 * {@code sampling}), validated by the config class; a field it would not carry is refused by name.
 */
public final class FacilityCodec extends JsonCodec<FacilityConfig> {

    @Override
    public ObjectNode encode(FacilityConfig f, CodecContext context) {
        return (ObjectNode) ConfigSections.encodeFacilities(List.of(f)).get(0);
    }

    @Override
    public FacilityConfig decode(ObjectNode json, CodecContext context) {
        return ConfigSections.facilities(context.mapper().createArrayNode().add(json)).get(0);
    }
}
