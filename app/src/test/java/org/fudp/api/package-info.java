/**
 * Test doubles of the FUDP service API shared by the REST, CLI and GUI tests.
 */
package org.fudp.api;
