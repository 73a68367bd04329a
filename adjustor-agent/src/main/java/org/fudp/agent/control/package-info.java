// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
/**
 * The agent's control logic: what it does with each verified message, in which order, what it
 * acknowledges, and the fail-safe when the controller falls silent.
 */
package org.fudp.agent.control;
