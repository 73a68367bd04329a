// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
/**
 * Tests of the cluster store: the store contract on every store, two and three instances over one
 * shared storage, and the serializer.
 */
package org.fudp.store;
