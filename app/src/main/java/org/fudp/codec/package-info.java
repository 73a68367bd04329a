// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
/**
 * JSON codecs for FUDP's value types, shared by the REST API, the CLI's {@code -j} output and
 * the GUI, and registered with ONOS's CodecService.
 */
package org.fudp.codec;
