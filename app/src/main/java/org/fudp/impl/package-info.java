// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
/**
 * Implementation of the FUDP control loop inside ONOS.
 */
package org.fudp.impl;
