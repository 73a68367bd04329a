// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
/**
 * Benchmarks of package-private classes of the app's implementation package (the checkpoints).
 */
package org.fudp.impl;
