/**
 * Tests of the FUDP Karaf commands' output and of their completers.
 */
package org.fudp.cli;
