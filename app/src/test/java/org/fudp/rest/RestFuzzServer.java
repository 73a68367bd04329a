// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.rest;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import org.eclipse.jetty.server.Server;
import org.fudp.api.FudpAdminService;
import org.fudp.api.FudpService;
import org.fudp.codec.TestCodecService;
import org.fudp.codec.TestFudpService;
import org.glassfish.jersey.jetty.JettyHttpContainerFactory;
import org.glassfish.jersey.server.ResourceConfig;
import org.onlab.osgi.TestServiceDirectory;
import org.onosproject.codec.CodecService;

import javax.annotation.Priority;
import javax.ws.rs.GET;
import javax.ws.rs.Path;
import javax.ws.rs.Priorities;
import javax.ws.rs.Produces;
import javax.ws.rs.container.ContainerRequestContext;
import javax.ws.rs.container.ContainerRequestFilter;
import javax.ws.rs.container.PreMatching;
import javax.ws.rs.core.HttpHeaders;
import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.Response;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Serves the real {@link FudpWebApplication} on Jetty on a loopback port for the REST fuzzing
 * suite ({@code tools/test.d/17-rest-fuzz}), over the same service doubles the REST tests use.
 * <p>
 * ONOS's servlet container authenticates BASIC credentials against Karaf (web.xml, realm karaf)
 * and fills in the roles; here {@link BasicAuth} plays that part with two users:
 * {@code admin}/{@code admin} with roles admin and viewer, {@code viewer}/{@code viewer} with
 * role viewer. A request without valid credentials gets 401, as from the servlet container.
 * ONOS's own authorization filter, part of the application, is left on, so PUT and POST need
 * the admin role.
 * </p>
 * <p>
 * Usage: {@code RestFuzzServer PORT}; serves {@code http://127.0.0.1:PORT/} until killed.
 * Jersey's Jetty container serves at the root, not at ONOS's {@code /onos/fudp}: the suite
 * points its copy of the swagger there. Besides the API it serves
 * {@code GET /fuzz-state/admin-calls} (any user),
 * the changes the service double was asked to make, so the suite can tell that a viewer's
 * refused writes changed nothing.
 * </p>
 */
public final class RestFuzzServer {

    /** BASIC users: name to password and roles. */
    private static final Map<String, Map.Entry<String, Set<String>>> USERS = Map.of(
            "admin", Map.entry("admin", Set.of("admin", "viewer")),
            "viewer", Map.entry("viewer", Set.of("viewer")));

    private static TestFudpService service;

    private RestFuzzServer() {
    }

    /**
     * Starts the server and keeps it running until the process is killed.
     *
     * @param args the port to listen on, on 127.0.0.1
     * @throws Exception if the server cannot start
     */
    public static void main(String[] args) throws Exception {
        int port = Integer.parseInt(args[0]);
        service = new TestFudpService();
        ResourceTestBase.swapServices(new TestServiceDirectory()
                .add(FudpService.class, service)
                .add(FudpAdminService.class, service)
                .add(CodecService.class, new TestCodecService())
                // ONOS always has one; without it GET /metrics had nothing to read (the fuzz found a 500).
                .add(org.onlab.metrics.MetricsService.class, new org.onlab.metrics.MetricsManager()));
        ResourceConfig config = ResourceConfig.forApplication(new FudpWebApplication())
                .register(BasicAuth.class)
                .register(FuzzState.class);
        Server server = JettyHttpContainerFactory.createServer(
                URI.create("http://127.0.0.1:" + port + "/"), config, true);
        System.out.println("RestFuzzServer listening on http://127.0.0.1:" + port + "/");
        System.out.flush();
        server.join();
    }

    /**
     * Authenticates BASIC credentials and sets the caller's roles, as ONOS's servlet container
     * does for every path and method (web.xml: url-pattern {@code /*}, no http-method), so before
     * resource matching: an unauthenticated TRACE gets 401, not 405.
     */
    @PreMatching
    @Priority(Priorities.AUTHENTICATION)
    public static class BasicAuth implements ContainerRequestFilter {
        @Override
        public void filter(ContainerRequestContext request) {
            String header = request.getHeaderString(HttpHeaders.AUTHORIZATION);
            String user = null;
            if (header != null && header.regionMatches(true, 0, "Basic ", 0, 6)) {
                String decoded;
                try {
                    decoded = new String(Base64.getDecoder().decode(header.substring(6).trim()),
                            StandardCharsets.UTF_8);
                } catch (IllegalArgumentException e) {
                    decoded = "";
                }
                int colon = decoded.indexOf(':');
                if (colon > 0) {
                    Map.Entry<String, Set<String>> known = USERS.get(decoded.substring(0, colon));
                    if (known != null && known.getKey().equals(decoded.substring(colon + 1))) {
                        user = decoded.substring(0, colon);
                    }
                }
            }
            if (user == null) {
                request.abortWith(Response.status(Response.Status.UNAUTHORIZED)
                        .header(HttpHeaders.WWW_AUTHENTICATE, "Basic realm=\"karaf\"")
                        .type(MediaType.APPLICATION_JSON)
                        .entity("{\"code\":401,\"message\":\"Unauthorized\"}").build());
                return;
            }
            request.setSecurityContext(new BasicAuthContext(user, USERS.get(user).getValue()));
        }
    }

    /** Tells the suite which changes the service double was asked to make. */
    @Path("fuzz-state")
    public static class FuzzState {
        /**
         * Lists the admin calls the service double received, oldest first.
         *
         * @return a JSON array of the calls, such as {@code setEnabled(false)}
         */
        @GET
        @Path("admin-calls")
        @Produces(MediaType.APPLICATION_JSON)
        public String adminCalls() {
            ArrayNode calls = new ObjectMapper().createArrayNode();
            List.copyOf(service.adminCalls).forEach(calls::add);
            return calls.toString();
        }
    }
}
