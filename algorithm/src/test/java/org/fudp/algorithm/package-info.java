// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
/**
 * Tests of the FUDPA core: the paper's equations against hand values, Algorithm 1's properties,
 * the choices where the paper is silent, and the architecture rule that keeps the core pure.
 */
package org.fudp.algorithm;
