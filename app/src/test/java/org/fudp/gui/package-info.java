// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
/**
 * Tests of the FUDP GUI's message handlers and overlay; they also record the JSON the browser
 * tests feed to the view's JavaScript.
 */
package org.fudp.gui;
