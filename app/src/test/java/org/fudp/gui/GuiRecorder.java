// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.gui;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onlab.osgi.ServiceDirectory;
import org.onlab.osgi.ServiceNotFoundException;
import org.onosproject.ui.UiConnection;
import org.onosproject.ui.model.topo.UiTopoLayout;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * A GUI connection that keeps what the handlers send, a service directory over a map, and the
 * writer of the fixture files the browser tests read (public for the REST tests, which record
 * the FUDP page's fixtures).
 */
public final class GuiRecorder implements UiConnection {

    /** Where fixtures go; tools/test.d/50-gui-browser reads them from here. */
    static final Path FIXTURES = Paths.get("target", "gui-fixtures");

    static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    /** Every event name any recorder has seen sent, for the JS cross-check. */
    static final Set<String> SENT_EVENTS = new TreeSet<>();

    final List<ObjectNode> messages = new ArrayList<>();

    @Override
    public String userName() {
        return "onos";
    }

    @Override
    public UiTopoLayout currentLayout() {
        return null;
    }

    @Override
    public void setCurrentLayout(UiTopoLayout topoLayout) {
        // Not used by FUDP's handlers.
    }

    @Override
    public String currentView() {
        return null;
    }

    @Override
    public void setCurrentView(String viewId) {
        // Not used by FUDP's handlers.
    }

    @Override
    public synchronized void sendMessage(ObjectNode message) {
        messages.add(message);
        synchronized (SENT_EVENTS) {
            SENT_EVENTS.add(message.path("event").asText());
        }
    }

    @Override
    public void sendMessage(String type, ObjectNode payload) {
        ObjectNode message = MAPPER.createObjectNode().put("event", type);
        message.set("payload", payload);
        sendMessage(message);
    }

    /**
     * Returns the last message sent.
     *
     * @return message {event, payload}
     */
    synchronized ObjectNode last() {
        if (messages.isEmpty()) {
            throw new AssertionError("the handler sent nothing");
        }
        return messages.get(messages.size() - 1);
    }

    /**
     * Builds a request message as the browser sends it.
     *
     * @param event event name
     * @param payload payload
     * @return message
     */
    static ObjectNode request(String event, ObjectNode payload) {
        ObjectNode message = MAPPER.createObjectNode().put("event", event);
        message.set("payload", payload);
        return message;
    }

    /**
     * Writes a fixture file.
     *
     * @param name file name without extension, below the fixtures folder (may contain /)
     * @param node JSON to write
     */
    public static void record(String name, Object node) {
        try {
            Path file = FIXTURES.resolve(name + ".json");
            Files.createDirectories(file.getParent());
            MAPPER.writeValue(file.toFile(), node);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Returns a service directory over the given services.
     *
     * @param services class to implementation
     * @return directory
     */
    static ServiceDirectory directory(Map<Class<?>, Object> services) {
        return new ServiceDirectory() {
            @Override
            public <T> T get(Class<T> serviceClass) {
                Object s = services.get(serviceClass);
                if (s == null) {
                    throw new ServiceNotFoundException("no " + serviceClass.getName());
                }
                return serviceClass.cast(s);
            }
        };
    }
}
