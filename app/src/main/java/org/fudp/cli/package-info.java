// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
/**
 * FUDP's Karaf commands ({@code fudp-cfs}, {@code fudp-flows}, {@code fudp-allocations},
 * {@code fudp-agents}, {@code fudp-history}, {@code fudp-whatif}, {@code fudp-control}) and
 * their completers.
 */
package org.fudp.cli;
