// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.impl;

import com.google.common.collect.ImmutableMap;
import org.onlab.packet.IpAddress;
import org.onosproject.app.ApplicationServiceAdapter;
import org.onosproject.app.ApplicationState;
import org.onosproject.cluster.ClusterEvent;
import org.onosproject.cluster.ClusterEventListener;
import org.onosproject.cluster.ClusterServiceAdapter;
import org.onosproject.cluster.ControllerNode;
import org.onosproject.cluster.DefaultControllerNode;
import org.onosproject.cluster.NodeId;
import org.onosproject.core.ApplicationId;
import org.onosproject.mastership.MastershipEvent;
import org.onosproject.mastership.MastershipInfo;
import org.onosproject.mastership.MastershipListener;
import org.onosproject.mastership.MastershipServiceAdapter;
import org.onosproject.net.DeviceId;
import org.onosproject.net.MastershipRole;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Doubles of what the instances of an ONOS cluster share, the mastership of each switch, and of
 * each instance's own node and view of the app's state. Storage shared by name is
 * {@link org.fudp.store.SharedTestStorageService}.
 */
final class ClusterDoubles {

    private ClusterDoubles() {
    }

    /**
     * One mastership for the whole cluster, seen by each instance through {@link #of}. As in
     * ONOS 2.7 (core/store/dist ConsistentDeviceMastershipStore, core/net MastershipManager), a
     * switch has at most one master, and a change of master is an event on every instance.
     */
    static final class Mastership {
        private final Map<DeviceId, NodeId> masters = new HashMap<>();
        private final Map<NodeId, List<MastershipListener>> listeners = new HashMap<>();
        private final Map<NodeId, Boolean> cutOff = new HashMap<>();

        /**
         * Returns one instance's mastership service.
         *
         * @param node the instance
         * @return its service
         */
        MastershipServiceAdapter of(NodeId node) {
            return new MastershipServiceAdapter() {
                @Override
                public MastershipRole getLocalRole(DeviceId deviceId) {
                    return node.equals(masters.get(deviceId)) ? MastershipRole.MASTER : MastershipRole.STANDBY;
                }

                @Override
                public NodeId getMasterFor(DeviceId deviceId) {
                    return masters.get(deviceId);
                }

                @Override
                public void addListener(MastershipListener l) {
                    listeners.computeIfAbsent(node, n -> new ArrayList<>()).add(l);
                }

                @Override
                public void removeListener(MastershipListener l) {
                    listeners.getOrDefault(node, new ArrayList<>()).remove(l);
                }
            };
        }

        /**
         * Makes an instance the master of a switch and tells every instance that can hear it.
         *
         * @param device the switch
         * @param node the new master, null for none
         */
        void setMaster(DeviceId device, NodeId node) {
            masters.put(device, node);
            MastershipEvent e = new MastershipEvent(MastershipEvent.Type.MASTER_CHANGED, device,
                    new MastershipInfo(1, Optional.ofNullable(node), ImmutableMap.of()));
            listeners.forEach((n, ls) -> {
                if (!cutOff.getOrDefault(n, false)) {
                    List.copyOf(ls).forEach(l -> l.event(e));
                }
            });
        }

        /**
         * Cuts an instance off: it hears no mastership event any more, and goes on believing
         * what it believed (a network partition, as seen from the cut-off side).
         *
         * @param node the instance
         */
        void cutOff(NodeId node) {
            cutOff.put(node, true);
        }
    }

    /**
     * One instance's node, and what it hears of the others: ONOS posts INSTANCE_ACTIVATED when another
     * instance joins the membership and INSTANCE_READY once its core runs (AtomixClusterStore.updateState,
     * tag 2.7.0), through ClusterManager's listener registry, which asks each listener isRelevant first.
     */
    static final class Cluster extends ClusterServiceAdapter {
        private final ControllerNode local;
        private final List<ClusterEventListener> listeners = new ArrayList<>();

        Cluster(String id) {
            local = new DefaultControllerNode(NodeId.nodeId(id), IpAddress.valueOf("127.0.0.1"));
        }

        NodeId id() {
            return local.id();
        }

        @Override
        public ControllerNode getLocalNode() {
            return local;
        }

        @Override
        public void addListener(ClusterEventListener listener) {
            listeners.add(listener);
        }

        @Override
        public void removeListener(ClusterEventListener listener) {
            listeners.remove(listener);
        }

        /**
         * This instance hears that another changed state.
         *
         * @param type what changed
         * @param other the other instance
         */
        void heard(ClusterEvent.Type type, Cluster other) {
            ClusterEvent e = new ClusterEvent(type, other.local);
            List.copyOf(listeners).stream().filter(l -> l.isRelevant(e)).forEach(l -> l.event(e));
        }
    }

    /** The app's state in ONOS's application store: ACTIVE unless the app is being deactivated. */
    static final class Applications extends ApplicationServiceAdapter {
        ApplicationState state = ApplicationState.ACTIVE;

        @Override
        public ApplicationState getState(ApplicationId appId) {
            return state;
        }
    }
}
