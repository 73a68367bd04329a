// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
/**
 * Tests of the what-if JSON runner: round trips, error messages naming the field, the command
 * line's exit codes, and the worked example documented in docs/algorithm.md.
 */
package org.fudp.algorithm.whatif;
