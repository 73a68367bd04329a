// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.agent.metrics;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * Serves {@link AgentMetrics} at {@code /metrics} over HTTP, one request at a time on a daemon
 * thread. Bind it to loopback or a management address, never where the switch or hosts reach it:
 * the metrics name flows and carry no authentication.
 */
public final class MetricsServer implements AutoCloseable {

    private final HttpServer server;
    private final ExecutorService executor;

    /**
     * Starts serving.
     *
     * @param address where to listen
     * @param metrics what to serve
     * @throws IOException if the port cannot be bound
     */
    public MetricsServer(InetSocketAddress address, AgentMetrics metrics) throws IOException {
        server = HttpServer.create(address, 8);
        executor = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "fudp-metrics");
            t.setDaemon(true);
            return t;
        });
        server.setExecutor(executor);
        server.createContext("/metrics", exchange -> respond(exchange, metrics.render()));
        server.createContext("/", exchange -> {
            exchange.sendResponseHeaders(404, -1);
            exchange.close();
        });
        server.start();
    }

    private static void respond(HttpExchange exchange, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "text/plain; version=0.0.4; charset=utf-8");
        exchange.sendResponseHeaders(200, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    /**
     * Returns the bound address (useful with port 0).
     *
     * @return address
     */
    public InetSocketAddress address() {
        return server.getAddress();
    }

    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
    }
}
