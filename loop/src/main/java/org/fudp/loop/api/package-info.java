// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
/**
 * What a host and the loop exchange, and nothing else, one package per kind: what it is told about the
 * network ({@code network}), the settings it is given ({@code settings}), the events it is fed ({@code events}),
 * what it asks for ({@code commands}), the read model it publishes ({@code records}, {@code facilities}) and
 * what a store keeps for a hand-over ({@code checkpoints}). Values only: these packages depend on no other
 * package of the loop, so hosts see none of its internals.
 */
package org.fudp.loop.api;
