// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
/**
 * The read model hosts show (REST, CLI, GUI, metrics): correlation flow sets, flows, FUDPA's decisions, the
 * limits sent and in force, and the samples charts draw. Values the loop publishes after a period; uses only the
 * network package.
 */
package org.fudp.loop.api.records;
