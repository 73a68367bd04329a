// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
/**
 * Who runs a facility and what enforces its limits: which controller instance is in charge under which epoch
 * and what collection costs the switch ({@link org.fudp.loop.api.facilities.FacilityState}), and the adjustor
 * agent or the switch's meters ({@link org.fudp.loop.api.facilities.AgentState}). Uses only the settings.
 */
package org.fudp.loop.api.facilities;
