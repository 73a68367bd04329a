package org.fudp.loop.collect;

/**
 * Whether a UDP payload starts like a QUIC connection's first packets: a long header (RFC 9000, 17.2:
 * header form and fixed bit set) of QUIC version 1 (RFC 9000) or 2 (RFC 9369), with connection ids no longer
 * than 20 bytes. Only a hint: anything can send such bytes (the lab's disguised flood does), so it only makes
 * a flow a candidate for the responsiveness test; a short header (every later packet) says too little to
 * count at all.
 */
public final class QuicHint {

    private static final int VERSION_1 = 0x0000_0001;
    private static final int VERSION_2 = 0x6b33_43cf;
    private static final int MAX_CID = 20;

    private QuicHint() {
    }

    /**
     * Judges a payload's first bytes.
     *
     * @param head the first bytes of the UDP payload (at least 6 are needed)
     * @return true if they look like a QUIC v1 or v2 long header
     */
    public static boolean looksLikeQuic(byte[] head) {
        if (head.length < 6 || (head[0] & 0xC0) != 0xC0) {
            return false;
        }
        int version = (head[1] & 0xFF) << 24 | (head[2] & 0xFF) << 16 | (head[3] & 0xFF) << 8 | head[4] & 0xFF;
        return (version == VERSION_1 || version == VERSION_2) && (head[5] & 0xFF) <= MAX_CID;
    }
}
