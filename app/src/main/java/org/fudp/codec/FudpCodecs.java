// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.codec;

import org.fudp.loop.api.facilities.AgentState;
import org.fudp.loop.api.records.AllocationState;
import org.fudp.api.Bottleneck;
import org.fudp.loop.api.records.CfsSample;
import org.fudp.api.ControlStatus;
import org.fudp.loop.api.records.CorrelationFlowSet;
import org.fudp.loop.api.records.DecisionRecord;
import org.fudp.api.FacilityConfig;
import org.fudp.api.KeyFileStatus;
import org.fudp.loop.api.facilities.FacilityState;
import org.fudp.loop.api.records.FlowRecord;
import org.fudp.loop.api.records.FlowHistorySample;
import org.fudp.protocol.FiveTuple;
import org.onosproject.codec.CodecService;

import java.util.List;

/**
 * The set of FUDP codecs, registered and unregistered as one.
 */
public final class FudpCodecs {

    /** Every type FUDP registers a codec for. */
    public static final List<Class<?>> TYPES = List.of(FiveTuple.class, FlowRecord.class,
            CorrelationFlowSet.class, DecisionRecord.class, AllocationState.class, AgentState.class,
            CfsSample.class, FlowHistorySample.class, FacilityConfig.class, Bottleneck.class, ControlStatus.class,
            FacilityState.class, KeyFileStatus.class);

    private FudpCodecs() {
    }

    /**
     * Registers every FUDP codec.
     *
     * @param service the codec service
     */
    public static void registerAll(CodecService service) {
        service.registerCodec(FiveTuple.class, new FiveTupleCodec());
        service.registerCodec(FlowRecord.class, new FlowRecordCodec());
        service.registerCodec(CorrelationFlowSet.class, new CorrelationFlowSetCodec());
        service.registerCodec(DecisionRecord.class, new DecisionRecordCodec());
        service.registerCodec(AllocationState.class, new AllocationStateCodec());
        service.registerCodec(AgentState.class, new AgentStateCodec());
        service.registerCodec(CfsSample.class, new CfsSampleCodec());
        service.registerCodec(FlowHistorySample.class, new FlowHistorySampleCodec());
        service.registerCodec(FacilityConfig.class, new FacilityCodec());
        service.registerCodec(Bottleneck.class, new BottleneckCodec());
        service.registerCodec(ControlStatus.class, new ControlStatusCodec());
        service.registerCodec(FacilityState.class, new FacilityStateCodec());
        service.registerCodec(KeyFileStatus.class, new KeyFileStatusCodec());
    }

    /**
     * Unregisters every FUDP codec.
     *
     * @param service the codec service
     */
    public static void unregisterAll(CodecService service) {
        TYPES.forEach(service::unregisterCodec);
    }
}
