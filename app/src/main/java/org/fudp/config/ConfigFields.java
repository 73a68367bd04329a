// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The FUDP authors
package org.fudp.config;

import com.fasterxml.jackson.databind.JsonNode;
import org.fudp.loop.api.network.AddressPrefix;
import org.onlab.packet.IpPrefix;
import org.onlab.packet.MacAddress;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;

import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Reads the fields of the FUDP network config and collects every error as {@code path: reason}: a field
 * that is wrong is reported and read as null, so that one parse names all that is wrong.
 */
class ConfigFields {

    static final Pattern MAC_PATTERN = Pattern.compile("([0-9A-Fa-f]{2}:){5}[0-9A-Fa-f]{2}");
    /** OpenFlow's largest physical port number (OFPP_MAX). */
    static final long MAX_PORT = 0xFFFFFF00L;
    private static final Pattern NAME_PATTERN = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.-]{0,62}");

    final List<String> errors = new ArrayList<>();

    String name(JsonNode n, String path) {
        if (n == null) {
            errors.add(path + ": is required");
        } else if (!n.isTextual() || !NAME_PATTERN.matcher(n.asText()).matches()) {
            errors.add(path + ": must be 1-63 letters, digits, '.', '_' or '-', was " + n);
        } else {
            return n.asText();
        }
        return null;
    }

    AddressPrefix prefix(JsonNode n, String path) {
        try {
            IpPrefix ip = IpPrefix.valueOf(n.isTextual() ? n.asText().trim() : "");
            return new AddressPrefix(InetAddress.getByAddress(ip.address().toOctets()), ip.prefixLength());
        } catch (IllegalArgumentException | UnknownHostException e) {
            errors.add(path + ": must be an IP prefix such as 10.0.0.0/8, was " + n);
            return null;
        }
    }

    double number(JsonNode n, String path) {
        if (n.isNumber() && Double.isFinite(n.asDouble())) {
            return n.asDouble();
        }
        errors.add(path + ": must be a number, was " + n);
        return Double.NaN;
    }

    void checkOnly(JsonNode node, String path, String... allowed) {
        Set<String> ok = Set.of(allowed);
        Iterator<String> names = node.fieldNames();
        while (names.hasNext()) {
            String name = names.next();
            if (!ok.contains(name)) {
                errors.add((path.isEmpty() ? "" : path + ".") + name + ": unknown field, expected one of "
                        + String.join(", ", allowed));
            }
        }
    }

    DeviceId deviceId(JsonNode n, String path) {
        if (n == null) {
            errors.add(path + ": is required");
            return null;
        }
        String text = n.isTextual() ? n.asText() : "";
        try {
            URI uri = new URI(text);
            if (uri.getScheme() != null && uri.getSchemeSpecificPart() != null
                    && !uri.getSchemeSpecificPart().isEmpty()) {
                return DeviceId.deviceId(uri);
            }
        } catch (java.net.URISyntaxException e) {
            // reported below
        }
        errors.add(path + ": must be a device id such as of:0000000000000001, was " + n);
        return null;
    }

    ConnectPoint connectPoint(JsonNode n, String path) {
        if (n == null) {
            errors.add(path + ": is required");
            return null;
        }
        String text = n.isTextual() ? n.asText() : "";
        int slash = text.lastIndexOf('/');
        if (slash > 0) {
            try {
                long port = Long.parseLong(text.substring(slash + 1));
                URI uri = new URI(text.substring(0, slash));
                if (port >= 1 && port <= MAX_PORT && uri.getScheme() != null) {
                    return new ConnectPoint(DeviceId.deviceId(uri), PortNumber.portNumber(port));
                }
            } catch (NumberFormatException | java.net.URISyntaxException e) {
                // reported below
            }
        }
        errors.add(path + ": must be a connect point such as of:0000000000000001/2, was " + n);
        return null;
    }

    PortNumber port(JsonNode n, String path) {
        Long v = integer(n, path, 1, MAX_PORT, "a port number");
        return v == null ? null : PortNumber.portNumber(v);
    }

    MacAddress mac(JsonNode n, String path) {
        if (n == null) {
            errors.add(path + ": is required");
            return null;
        }
        if (n.isTextual() && MAC_PATTERN.matcher(n.asText()).matches()) {
            MacAddress mac = MacAddress.valueOf(n.asText());
            if (!mac.isMulticast()) {
                return mac;
            }
            errors.add(path + ": must be a unicast MAC address, was " + n);
            return null;
        }
        errors.add(path + ": must be a MAC address such as 02:00:00:00:00:aa, was " + n);
        return null;
    }

    Long integer(JsonNode n, String path, long min, long max, String what) {
        if (n == null) {
            errors.add(path + ": is required");
            return null;
        }
        Long v = null;
        if (n.isIntegralNumber() && n.canConvertToLong()) {
            v = n.asLong();
        } else if (n.isTextual() && n.asText().matches("[0-9]{1,19}")) {
            try {
                v = Long.parseLong(n.asText());
            } catch (NumberFormatException e) {
                v = null;
            }
        }
        if (v == null || v < min || v > max) {
            errors.add(path + ": must be " + what + " (" + min + ".." + max + "), was " + n);
            return null;
        }
        return v;
    }
}
