// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.codec;

import org.fudp.protocol.FlowIds;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.fudp.loop.api.facilities.AgentState;
import org.fudp.loop.api.records.CfsSample;
import org.fudp.loop.api.records.CorrelationFlowSet;
import org.fudp.loop.api.records.DecisionRecord;
import org.fudp.loop.api.facilities.FacilityState;
import org.fudp.loop.api.records.FlowRecord;
import org.fudp.loop.api.records.FlowHistorySample;
import org.fudp.api.FudpService;
import org.fudp.protocol.FiveTuple;
import org.onlab.util.ItemNotFoundException;
import org.onosproject.codec.CodecContext;
import org.onosproject.net.DeviceId;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Queries the REST API and the CLI answer alike: flow filters, the agents with their facilities'
 * views, and the history document.
 */
public final class FudpQueries {

    private FudpQueries() {
    }

    /**
     * Parses a device id given in a request.
     *
     * @param field the field, parameter or path segment that carries it, for the message
     * @param value the value, such as of:0000000000000001
     * @return the device id
     * @throws IllegalArgumentException naming the field if the value is not a device id (a URI
     *         with a scheme), rather than the URI parser's message that names no field
     */
    public static DeviceId deviceId(String field, String value) {
        if (value.matches("[A-Za-z][A-Za-z0-9+.-]*:\\S+")) {
            try {
                return DeviceId.deviceId(value);
            } catch (IllegalArgumentException e) {
                // Falls through: a character a URI may not have, such as a control character.
            }
        }
        throw new IllegalArgumentException(field + ": must be a device id such as of:0000000000000001, was \""
                + value + "\"");
    }

    /**
     * Returns the flows that match every given filter, ordered by id.
     *
     * @param service the FUDP service
     * @param protocol "tcp", "udp" or a protocol number; null for any
     * @param cfsId CFS id; null for any
     * @param facility facility device id; null for any
     * @return matching flows
     * @throws IllegalArgumentException naming the filter if a value is malformed
     */
    public static List<FlowRecord> flows(FudpService service, String protocol, String cfsId, String facility) {
        Integer proto = protocol == null ? null : FlowIds.parseProtocol("protocol", protocol);
        DeviceId dev = facility == null ? null : deviceId("facility", facility);
        return service.getFlows().stream()
                .filter(r -> proto == null || r.flow().protocol() == proto)
                .filter(r -> cfsId == null || cfsId.equals(r.cfsId()))
                .filter(r -> dev == null || dev.toString().equals(r.facilityId()))
                .sorted(Comparator.comparing(r -> FlowIds.id(r.flow())))
                .collect(Collectors.toList());
    }

    /**
     * Returns one flow.
     *
     * @param service the FUDP service
     * @param flowId flow id
     * @return the flow
     * @throws IllegalArgumentException if the id is malformed
     * @throws ItemNotFoundException if no such flow is tracked
     */
    public static FlowRecord flow(FudpService service, String flowId) {
        FiveTuple tuple = FlowIds.parse("flowId", flowId);
        return service.getFlow(tuple)
                .orElseThrow(() -> new ItemNotFoundException("flow " + flowId + " is not tracked"));
    }

    /**
     * Returns one CFS.
     *
     * @param service the FUDP service
     * @param cfsId CFS id
     * @return the CFS
     * @throws ItemNotFoundException if there is no such CFS
     */
    public static CorrelationFlowSet cfs(FudpService service, String cfsId) {
        return service.getCorrelationFlowSet(cfsId)
                .orElseThrow(() -> new ItemNotFoundException("correlation flow set " + cfsId + " does not exist"));
    }

    /**
     * Builds the agents document, sorted by facility: {@code {"agents": [...]}}, each as
     * {@link #agent} gives it.
     *
     * @param service the FUDP service
     * @param context codec context
     * @return the document
     */
    public static ObjectNode agents(FudpService service, CodecContext context) {
        ObjectNode root = context.mapper().createObjectNode();
        ArrayNode array = root.putArray("agents");
        service.getAgents().stream().sorted(Comparator.comparing(AgentState::facilityId))
                .forEach(a -> array.add(agent(service, a, context)));
        return root;
    }

    /**
     * Encodes a facility's enforcer with the facility's view: the agent's fields, then
     * {@code controller} (the instance in charge, since when, its epoch) and {@code collection} (the
     * rule and packet-in budgets and their use, the switch's refusals), both null until a controller
     * has published the facility's view.
     *
     * @param service the FUDP service
     * @param agent the facility's enforcer
     * @param context codec context
     * @return the agent's JSON object
     */
    public static ObjectNode agent(FudpService service, AgentState agent, CodecContext context) {
        ObjectNode n = context.codec(AgentState.class).encode(agent, context);
        Optional<ObjectNode> view = service.getFacilityState(DeviceId.deviceId(agent.facilityId()))
                .map(f -> context.codec(FacilityState.class).encode(f, context));
        for (String field : List.of(FacilityStateCodec.CONTROLLER, FacilityStateCodec.COLLECTION)) {
            n.set(field, view.map(v -> v.get(field)).orElse(n.nullNode()));
        }
        return n;
    }

    /**
     * Builds the history document: per CFS its samples and decisions newer than {@code since},
     * and per member flow its samples newer than {@code since}.
     * <pre>
     * {"since": 0, "cfs": [ {"id": ..., "samples": [...], "decisions": [...],
     *                        "flows": [ {"id": ..., "protocol": ..., "samples": [...]} ] } ] }
     * </pre>
     *
     * @param service the FUDP service
     * @param cfsId one CFS, or null for every current CFS
     * @param since only samples with a time after this, epoch milliseconds
     * @param context codec context
     * @return the document
     * @throws ItemNotFoundException if the CFS is neither current nor in the history
     */
    public static ObjectNode history(FudpService service, String cfsId, long since, CodecContext context) {
        List<String> ids = new ArrayList<>();
        if (cfsId == null) {
            service.getCorrelationFlowSets().stream().map(CorrelationFlowSet::id).sorted().forEach(ids::add);
        } else {
            if (service.getCorrelationFlowSet(cfsId).isEmpty() && service.getCfsHistory(cfsId).isEmpty()) {
                throw new ItemNotFoundException("correlation flow set " + cfsId + " does not exist");
            }
            ids.add(cfsId);
        }
        ObjectNode root = context.mapper().createObjectNode();
        root.put("since", since);
        ArrayNode sets = root.putArray("cfs");
        for (String id : ids) {
            ObjectNode set = sets.addObject();
            set.put("id", id);
            ArrayNode samples = set.putArray("samples");
            for (CfsSample s : service.getCfsHistory(id)) {
                if (s.timeMs() > since) {
                    samples.add(context.codec(CfsSample.class).encode(s, context));
                }
            }
            ArrayNode decisions = set.putArray("decisions");
            for (DecisionRecord d : service.getDecisions(id)) {
                if (d.timeMs() > since) {
                    decisions.add(context.codec(DecisionRecord.class).encode(d, context));
                }
            }
            ArrayNode flows = set.putArray("flows");
            for (FiveTuple f : members(service.getCorrelationFlowSet(id))) {
                ObjectNode flow = flows.addObject();
                flow.put("id", FlowIds.id(f));
                flow.put("protocol", FlowIds.protocolName(f.protocol()));
                ArrayNode fs = flow.putArray("samples");
                for (FlowHistorySample s : service.getFlowHistory(f)) {
                    if (s.timeMs() > since) {
                        fs.add(context.codec(FlowHistorySample.class).encode(s, context));
                    }
                }
            }
        }
        return root;
    }

    private static Set<FiveTuple> members(Optional<CorrelationFlowSet> cfs) {
        Set<FiveTuple> all = new LinkedHashSet<>();
        cfs.ifPresent(c -> {
            c.tcpFlows().stream().sorted(Comparator.comparing(FlowIds::id)).forEach(all::add);
            c.udpFlows().stream().sorted(Comparator.comparing(FlowIds::id)).forEach(all::add);
        });
        return all;
    }
}
