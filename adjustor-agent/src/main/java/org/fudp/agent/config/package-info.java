// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
/**
 * The agent's configuration file: keys, defaults and validation.
 */
package org.fudp.agent.config;
