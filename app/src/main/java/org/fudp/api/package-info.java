// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
/**
 * The FUDP application's public API: what the REST API, the CLI and the GUI read and change.
 * <p>
 * {@link org.fudp.api.FudpService} reads correlation flow sets, flows, allocations, adjustor
 * agents, decision records and bounded history, and delivers {@link org.fudp.api.FudpEvent}s;
 * {@link org.fudp.api.FudpAdminService} changes facilities, bottlenecks and the control mode.
 * Every value type here is immutable and safe to hand to another thread.
 * </p>
 */
package org.fudp.api;
