// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
/**
 * Proves, in a real OSGi framework, that the app bundle would resolve and wire inside ONOS 2.7.
 */
package org.fudp.osgi;
