// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
/**
 * The FUDP network config: facilities (FUDP switches with their adjustors) and bottlenecks,
 * under the app subject, key {@value org.fudp.config.FudpConfig#CONFIG_KEY}.
 */
package org.fudp.config;
