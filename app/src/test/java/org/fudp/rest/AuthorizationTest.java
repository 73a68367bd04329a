// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.rest;

import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.onlab.rest.AuthorizationFilter;

import javax.annotation.Priority;
import javax.ws.rs.Priorities;
import javax.ws.rs.client.Entity;
import javax.ws.rs.container.ContainerRequestContext;
import javax.ws.rs.container.ContainerRequestFilter;
import javax.ws.rs.core.MediaType;
import java.lang.reflect.Field;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * ONOS's authorization filter, which {@link FudpWebApplication} includes, keeps changes for
 * admins: a viewer may read but not PUT or POST, and a refused request changes nothing.
 * <p>
 * In ONOS the servlet container authenticates BASIC credentials against Karaf and fills in the
 * roles; here a test filter plays that part from an {@code X-Test-Roles} header.
 * </p>
 */
class AuthorizationTest extends ResourceTestBase {

    /** Sets the caller's roles as the servlet container's BASIC authentication would. */
    @Priority(Priorities.AUTHENTICATION)
    public static class TestRoles implements ContainerRequestFilter {
        @Override
        public void filter(ContainerRequestContext request) {
            String header = request.getHeaderString("X-Test-Roles");
            Set<String> roles = header == null ? Set.of() : Set.of(header.split(","));
            request.setSecurityContext(new BasicAuthContext("tester", roles));
        }
    }

    @Override
    protected ResourceConfig application() {
        return super.application().register(TestRoles.class);
    }

    @BeforeAll
    void enforceRoles() throws ReflectiveOperationException {
        setFilterDisabled(false);
    }

    @AfterAll
    void relaxRoles() throws ReflectiveOperationException {
        setFilterDisabled(true);
    }

    private static void setFilterDisabled(boolean disabled) throws ReflectiveOperationException {
        Field f = AuthorizationFilter.class.getDeclaredField("disableForTests");
        f.setAccessible(true);
        f.setBoolean(null, disabled);
    }

    private Reply call(String method, String path, String roles, String body) {
        return new Reply(target(path).request(MediaType.APPLICATION_JSON).header("X-Test-Roles", roles)
                .method(method, body == null ? null : Entity.json(body)));
    }

    @Test
    void viewersReadAdminsChange() {
        assertEquals(200, call("GET", "cfs", "viewer", null).status);
        assertEquals(200, call("GET", "control", "admin,viewer", null).status);
        Reply refused = call("POST", "control", "viewer", "{\"enabled\": false}");
        assertError(403, "User has insufficient privilege for this request", refused);
        assertError(403, "User has insufficient privilege", call("PUT", "bottlenecks", "viewer", "[]"));
        assertEquals(List.of(), service.adminCalls);
        Reply allowed = call("POST", "control", "admin,viewer", "{\"enabled\": false}");
        assertEquals(200, allowed.status, allowed.text);
        assertEquals(List.of("setEnabled(false)"), service.adminCalls);
    }

    @Test
    void onlyAdminsReloadTheKeysViewersSeeThem() {
        assertError(403, "User has insufficient privilege", call("POST", "keys/reload", "viewer", null));
        assertEquals(List.of(), service.adminCalls);
        assertEquals(200, call("GET", "keys", "viewer", null).status);
        assertEquals(200, call("POST", "keys/reload", "admin,viewer", null).status);
        assertEquals(List.of("reloadKeys()"), service.adminCalls);
    }

    @Test
    void nobodyWithoutARoleReads() {
        assertError(403, "User has insufficient privilege", call("GET", "flows", "", null));
    }

    @Test
    void viewersScrapeTheMetrics() {
        assertEquals(200, new Reply(target("metrics").request().header("X-Test-Roles", "viewer").get()).status);
        assertError(403, "User has insufficient privilege", new Reply(target("metrics").request().get()));
    }

    @Test
    void theFudpPageNeedsTheViewerRoleLikeTheApi() {
        Reply page = call("GET", "ui/", "viewer", null);
        assertEquals(200, page.status, page.text);
        assertError(403, "User has insufficient privilege", call("GET", "ui/", "", null));
        assertError(403, "User has insufficient privilege", call("GET", "ui/fudpPage.js", "", null));
    }
}
