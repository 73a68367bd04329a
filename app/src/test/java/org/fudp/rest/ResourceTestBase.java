// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.rest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.fudp.api.FudpAdminService;
import org.fudp.api.FudpService;
import org.fudp.codec.TestCodecService;
import org.fudp.codec.TestFudpService;
import org.glassfish.jersey.server.ResourceConfig;
import org.glassfish.jersey.test.JerseyTest;
import org.glassfish.jersey.test.TestProperties;
import org.glassfish.jersey.test.jetty.JettyTestContainerFactory;
import org.glassfish.jersey.test.spi.TestContainerFactory;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.TestInstance;
import org.onlab.metrics.MetricsManager;
import org.onlab.metrics.MetricsService;
import org.onlab.osgi.ServiceDirectory;
import org.onlab.osgi.TestServiceDirectory;
import org.onlab.rest.AuthorizationFilter;
import org.onlab.rest.BaseResource;
import org.onosproject.codec.CodecService;

import javax.ws.rs.client.Entity;
import javax.ws.rs.client.WebTarget;
import javax.ws.rs.core.Application;
import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.Response;
import java.io.IOException;
import java.lang.reflect.Field;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Runs {@link FudpWebApplication} in Jersey on an in-process Jetty on a free port, with the
 * testbed's service double behind {@code get(FudpService.class)}; one server per test class, a
 * fresh service per test.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class ResourceTestBase {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    protected TestFudpService service;
    /** ONOS's own metrics registry, empty until a test registers metrics. */
    protected MetricsManager metrics;
    private JerseyTest jersey;
    private ServiceDirectory saved;

    @BeforeAll
    void startServer() throws Exception {
        // No servlet security in the test container: nobody would have a role.
        AuthorizationFilter.disableForTests();
        jersey = new JerseyTest() {
            @Override
            protected Application configure() {
                forceSet(TestProperties.CONTAINER_PORT, "0");
                return application();
            }

            @Override
            protected TestContainerFactory getTestContainerFactory() {
                return new JettyTestContainerFactory();
            }
        };
        jersey.setUp();
    }

    /**
     * Returns the application under test.
     *
     * @return FUDP's web application
     */
    protected ResourceConfig application() {
        return ResourceConfig.forApplication(new FudpWebApplication());
    }

    @BeforeEach
    void freshService() throws Exception {
        // Each test gets its own service, so a test that changes it cannot affect another.
        service = new TestFudpService();
        metrics = new MetricsManager();
        TestServiceDirectory directory = new TestServiceDirectory()
                .add(FudpService.class, service)
                .add(FudpAdminService.class, service)
                .add(CodecService.class, new TestCodecService())
                .add(MetricsService.class, metrics);
        ServiceDirectory old = swapServices(directory);
        if (saved == null) {
            saved = old;
        }
    }

    @AfterAll
    void stopServer() throws Exception {
        jersey.tearDown();
        swapServices(saved);
    }

    // BaseResource keeps its service directory in a static field and offers no setter in 2.7.
    protected static ServiceDirectory swapServices(ServiceDirectory directory) throws ReflectiveOperationException {
        Field f = BaseResource.class.getDeclaredField("services");
        f.setAccessible(true);
        ServiceDirectory old = (ServiceDirectory) f.get(null);
        f.set(null, directory);
        return old;
    }

    protected WebTarget target(String path) {
        return jersey.target(path);
    }

    /** A response's status and parsed body. */
    static final class Reply {
        final int status;
        final JsonNode body;
        final String text;

        Reply(Response r) {
            status = r.getStatus();
            text = r.readEntity(String.class);
            JsonNode parsed;
            try {
                parsed = text == null || text.isEmpty() ? null : MAPPER.readTree(text);
            } catch (IOException e) {
                parsed = null;
            }
            body = parsed;
        }
    }

    protected Reply get(String path) {
        return new Reply(target(path).request(MediaType.APPLICATION_JSON).get());
    }

    protected Reply get(WebTarget t) {
        return new Reply(t.request(MediaType.APPLICATION_JSON).get());
    }

    protected Reply put(String path, String json) {
        return new Reply(target(path).request(MediaType.APPLICATION_JSON).put(Entity.json(json)));
    }

    protected Reply post(String path, String json) {
        return new Reply(target(path).request(MediaType.APPLICATION_JSON).post(Entity.json(json)));
    }

    /**
     * Asserts an ONOS error reply: the status, and a message that starts as expected.
     *
     * @param status expected status
     * @param messageStart expected start of the message
     * @param r the reply
     */
    static void assertError(int status, String messageStart, Reply r) {
        assertEquals(status, r.status, r.text);
        assertEquals(status, r.body.get("code").asInt(), r.text);
        assertTrue(r.body.get("message").asText().startsWith(messageStart),
                "message was: " + r.body.get("message").asText());
    }
}
