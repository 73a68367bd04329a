// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.rest;

import javax.ws.rs.core.SecurityContext;
import java.security.Principal;
import java.util.Set;

/**
 * The security context a servlet container sets after BASIC authentication (in ONOS, against
 * Karaf's realm): a user and its roles, for the tests and the fuzzing server that stand in for it.
 */
final class BasicAuthContext implements SecurityContext {

    private final String user;
    private final Set<String> roles;

    BasicAuthContext(String user, Set<String> roles) {
        this.user = user;
        this.roles = Set.copyOf(roles);
    }

    @Override
    public Principal getUserPrincipal() {
        return () -> user;
    }

    @Override
    public boolean isUserInRole(String role) {
        return roles.contains(role);
    }

    @Override
    public boolean isSecure() {
        return false;
    }

    @Override
    public String getAuthenticationScheme() {
        return SecurityContext.BASIC_AUTH;
    }
}
