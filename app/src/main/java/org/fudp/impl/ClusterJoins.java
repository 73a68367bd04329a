// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.impl;

import org.onosproject.cluster.ClusterEvent;
import org.onosproject.cluster.ClusterEventListener;
import org.onosproject.cluster.ClusterService;

/**
 * Tells when another ONOS instance comes up, as this instance sees it: ONOS marks an instance ACTIVE when
 * it joins the cluster's membership and READY once its core components run, and posts
 * {@code INSTANCE_ACTIVATED} and {@code INSTANCE_READY} to every other instance's listeners
 * (AtomixClusterStore.updateState at tag 2.7.0). Only from then do that instance's eventually consistent
 * maps count it among their peers (StorageManager's peer suppliers keep active members only): a write made
 * before it was seen never reached it.
 */
final class ClusterJoins {

    private final ClusterService cluster;
    private final ClusterEventListener listener;

    /**
     * Creates the watcher.
     *
     * @param cluster ONOS's cluster service
     * @param joined called on ONOS's event thread when another instance becomes ACTIVE or READY: must
     *               return at once
     */
    ClusterJoins(ClusterService cluster, Runnable joined) {
        this.cluster = cluster;
        this.listener = new ClusterEventListener() {
            @Override
            public boolean isRelevant(ClusterEvent event) {
                return (event.type() == ClusterEvent.Type.INSTANCE_ACTIVATED
                        || event.type() == ClusterEvent.Type.INSTANCE_READY)
                        && !event.subject().id().equals(cluster.getLocalNode().id());
            }

            @Override
            public void event(ClusterEvent event) {
                joined.run();
            }
        };
    }

    void start() {
        cluster.addListener(listener);
    }

    void stop() {
        cluster.removeListener(listener);
    }
}
