package dev.coroner.core.read;

import java.nio.charset.StandardCharsets;

/** Decodes the start of a JSON string from its bytes, so a huge value never has to be decoded whole. */
final class JsonStrings {
    private JsonStrings() {
    }

    /**
     * The first {@code maxChars} characters of the JSON string whose opening quote is {@code json[0]}, and whether
     * the string ends within them. The bytes were checked as UTF-8 and the line as JSON before; a prefix cut inside an
     * escape or a character is simply shorter.
     */
    static JsonLine.StringPrefix prefix(byte[] json, int maxChars) {
        StringBuilder out = new StringBuilder(maxChars);
        int i = 1;
        while (i < json.length && out.length() < maxChars) {
            int c = json[i] & 0xFF;
            if (c == '"') {
                return new JsonLine.StringPrefix(out.toString(), true);
            }
            if (c == '\\') {
                if (i + 1 >= json.length) {
                    break;
                }
                char e = (char) json[i + 1];
                switch (e) {
                    case 'n' -> out.append('\n');
                    case 'r' -> out.append('\r');
                    case 't' -> out.append('\t');
                    case 'b' -> out.append('\b');
                    case 'f' -> out.append('\f');
                    case 'u' -> {
                        if (i + 6 > json.length) {
                            return new JsonLine.StringPrefix(out.toString(), false);
                        }
                        out.append((char) Integer.parseInt(new String(json, i + 2, 4, StandardCharsets.US_ASCII), 16));
                        i += 6;
                        continue;
                    }
                    default -> out.append(e); // \" \\ \/
                }
                i += 2;
                continue;
            }
            int len = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
            if (i + len > json.length) {
                break;
            }
            out.append(new String(json, i, len, StandardCharsets.UTF_8));
            i += len;
        }
        boolean ends = i < json.length && json[i] == '"' && out.length() <= maxChars;
        return new JsonLine.StringPrefix(out.toString(), ends);
    }
}
