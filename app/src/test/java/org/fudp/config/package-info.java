/**
 * Tests of the FUDP network config validation.
 */
package org.fudp.config;
