// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.gui;

import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.common.collect.ImmutableSet;
import org.fudp.api.FudpService;
import org.onlab.osgi.ServiceDirectory;
import org.onosproject.ui.RequestHandler;
import org.onosproject.ui.UiConnection;
import org.onosproject.ui.UiMessageHandler;
import org.onosproject.ui.topo.Highlights;
import org.onosproject.ui.topo.TopoJson;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Collection;
import java.util.Objects;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * Pushes FUDP's topology highlights ({@code showHighlights}) to one GUI connection.
 * <p>
 * In the legacy GUI the browser's overlay sends {@code fudpTopoStart} when the operator selects
 * the "FUDP" overlay and {@code fudpTopoStop} when they leave it; highlights flow only in between,
 * so they never overwrite another overlay's. GUI2 cannot select an app's overlay, so while the
 * GUI2 application is active every connection gets the highlights unasked; GUI2's topology draws
 * link labels and device badges from them and fades link highlights after five seconds, which
 * the push period keeps ahead of.
 * </p>
 */
public class FudpTopoMessageHandler extends UiMessageHandler {

    /** Sent by the overlay when it is selected. */
    public static final String TOPO_START = "fudpTopoStart";
    /** Sent by the overlay when it is left. */
    public static final String TOPO_STOP = "fudpTopoStop";

    /** How often highlights are refreshed; below GUI2's five-second fade. */
    static final long PUSH_PERIOD_MS = 2000;

    private final Logger log = LoggerFactory.getLogger(getClass());

    private final ScheduledExecutorService executor;
    private FudpHighlighter highlighter;
    private ScheduledFuture<?> pushTask;

    /**
     * Creates a handler that schedules its refreshes on a shared executor.
     *
     * @param executor executor owned by the GUI component
     */
    public FudpTopoMessageHandler(ScheduledExecutorService executor) {
        this.executor = Objects.requireNonNull(executor, "executor");
    }

    @Override
    public void init(UiConnection connection, ServiceDirectory directory) {
        super.init(connection, directory);
        highlighter = new FudpHighlighter(directory.get(FudpService.class));
        if (ActiveGui.gui2(directory)) {
            log.debug("GUI2 is active: pushing FUDP highlights to {}", connection.userName());
            startPushing();
        }
    }

    @Override
    public void destroy() {
        stopPushing();
        super.destroy();
    }

    @Override
    protected Collection<RequestHandler> createRequestHandlers() {
        return ImmutableSet.of(new StartHandler(), new StopHandler());
    }

    /**
     * Sends the current highlights once.
     */
    void pushNow() {
        try {
            sendMessage(TopoJson.highlightsMessage(highlighter.createHighlights()));
        } catch (RuntimeException e) {
            // A failing period must not kill the schedule; the next one may succeed.
            log.warn("Cannot send FUDP highlights: {}", e.getMessage());
        }
    }

    /**
     * Tells whether highlights are being refreshed.
     *
     * @return true between start and stop
     */
    synchronized boolean pushing() {
        return pushTask != null;
    }

    private synchronized void startPushing() {
        if (pushTask == null) {
            pushTask = executor.scheduleWithFixedDelay(this::pushNow, PUSH_PERIOD_MS, PUSH_PERIOD_MS,
                    TimeUnit.MILLISECONDS);
        }
    }

    private synchronized void stopPushing() {
        if (pushTask != null) {
            pushTask.cancel(false);
            pushTask = null;
        }
    }

    private final class StartHandler extends RequestHandler {
        private StartHandler() {
            super(TOPO_START);
        }

        @Override
        public void process(ObjectNode payload) {
            pushNow();
            startPushing();
        }
    }

    private final class StopHandler extends RequestHandler {
        private StopHandler() {
            super(TOPO_STOP);
        }

        @Override
        public void process(ObjectNode payload) {
            stopPushing();
            sendMessage(TopoJson.highlightsMessage(new Highlights()));
        }
    }
}
