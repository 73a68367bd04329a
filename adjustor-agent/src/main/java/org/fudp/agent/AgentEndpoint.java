// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.agent;

import java.io.IOException;
import java.net.ConnectException;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;

/**
 * A running agent's metrics endpoint, as {@code status} and the preflight reach it. Every way of
 * not reaching an agent becomes one line for the operator and an exit status: 3 when nothing
 * listens (as {@code systemctl status} answers for an inactive unit), 1 when something answers
 * that is not a working agent.
 */
final class AgentEndpoint {

    /** Exit status when no agent runs. */
    static final int NOT_RUNNING = 3;

    /** The text every agent's metrics contain; another program on the port does not serve it. */
    private static final String AGENT_METRIC = "fudp_agent_";

    private final URI url;
    private final String origin;
    private final Duration timeout;

    /**
     * Creates an endpoint.
     *
     * @param url the metrics URL
     * @param origin where the URL came from, named in messages (the configuration keys, or --url)
     * @param timeout how long to wait for a connection and for the answer
     */
    AgentEndpoint(URI url, String origin, Duration timeout) {
        this.url = url;
        this.origin = origin;
        this.timeout = timeout;
    }

    /**
     * Returns the metrics URL of an agent listening on an address and port.
     *
     * @param address metrics.address
     * @param port metrics.port
     * @return {@code http://address:port/metrics}; loopback for a wildcard address (0.0.0.0, ::)
     */
    static URI url(InetAddress address, int port) {
        // An agent listening on every address is reached on loopback, in the same address family.
        String host = !address.isAnyLocalAddress() ? address.getHostAddress()
                : address instanceof Inet6Address ? "::1" : "127.0.0.1";
        return URI.create("http://" + (host.contains(":") ? "[" + host + "]" : host) + ":" + port + "/metrics");
    }

    /**
     * Reads the agent's metrics.
     *
     * @return the Prometheus text
     * @throws Unreachable with one line saying why there is none
     */
    String fetch() throws Unreachable {
        HttpClient client = HttpClient.newBuilder().connectTimeout(timeout).build();
        HttpResponse<String> r;
        try {
            r = client.send(HttpRequest.newBuilder(url).timeout(timeout).build(), HttpResponse.BodyHandlers.ofString());
        } catch (ConnectException e) {
            throw new Unreachable("no agent running: nothing listens on " + url + " (" + origin + ")", NOT_RUNNING);
        } catch (HttpTimeoutException e) {
            throw new Unreachable("no answer from " + url + " within " + timeout.toSeconds() + " s (" + origin + ")",
                    1);
        } catch (IOException e) {
            throw new Unreachable("cannot read " + url + ": " + (e.getMessage() == null ? e : e.getMessage())
                    + " (" + origin + ")", 1);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new Unreachable("interrupted while reading " + url, 1);
        }
        if (r.statusCode() != 200) {
            throw new Unreachable(url + " answers HTTP " + r.statusCode() + ": not an adjustor agent (" + origin + ")",
                    1);
        }
        if (!r.body().contains(AGENT_METRIC)) {
            throw new Unreachable(url + " answers without " + AGENT_METRIC + " metrics: another program listens "
                    + "there (" + origin + ")", 1);
        }
        return r.body();
    }

    /** No agent's metrics at the endpoint: the message is the one line an operator reads. */
    static final class Unreachable extends Exception {
        private static final long serialVersionUID = 1L;

        private final int exitStatus;

        Unreachable(String message, int exitStatus) {
            super(message);
            this.exitStatus = exitStatus;
        }

        /**
         * Returns the command's exit status for this case.
         *
         * @return {@link #NOT_RUNNING} if nothing listens, else 1
         */
        int exitStatus() {
            return exitStatus;
        }
    }
}
