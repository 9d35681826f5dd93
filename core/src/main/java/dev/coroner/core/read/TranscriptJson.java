package dev.coroner.core.read;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ContainerNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayDeque;
import java.util.Locale;

/**
 * The one JSON configuration for transcript lines, parsed the way the reference's Python {@code json.loads}
 * does (docs/VERDICTS.md, "Reading"): RFC 8259 plus {@code NaN}/{@code Infinity}/{@code -Infinity}; duplicate keys, last wins
 * (at the first one's place); nothing after the value.
 *
 * <p>Trees are built here from the parser's tokens, node for node as Jackson's object mapper builds them (the same
 * {@link JsonNodeFactory}, the same number nodes, the same words for trailing data). The mapper is made only when
 * something writes JSON ({@link #mapper()}): making it costs a short command-line run about 60 ms (its date formats
 * load the JDK's locale data), and reading needs none of it (docs/ARCHITECTURE.md, "Start fast").
 */
public final class TranscriptJson {
    private static final JsonFactory FACTORY = JsonFactory.builder()
            .enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS)
            .streamReadConstraints(StreamReadConstraints.builder()
                    .maxNestingDepth(ReadLimits.MAX_NESTING_DEPTH)
                    .maxStringLength(ReadLimits.MAX_STRING_CHARS)
                    .maxNumberLength(ReadLimits.MAX_NUMBER_CHARS)
                    .maxNameLength(ReadLimits.MAX_NAME_CHARS)
                    .build())
            .build();

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private TranscriptJson() {
    }

    /** A parser over {@code length} bytes of {@code bytes} from {@code offset}. */
    public static JsonParser parser(byte[] bytes, int offset, int length) throws IOException {
        return FACTORY.createParser(bytes, offset, length);
    }

    /** A parser over a stream (its encoding detected as JSON allows: UTF-8, UTF-16, UTF-32). */
    public static JsonParser parser(InputStream in) throws IOException {
        return FACTORY.createParser(in);
    }

    /** Reads one line's JSON value; rejects trailing data; {@link MissingNode} when there is no value. */
    public static JsonNode readTree(byte[] bytes, int offset, int length) throws IOException {
        try (JsonParser p = parser(bytes, offset, length)) {
            return whole(p);
        }
    }

    /** {@link #readTree(byte[], int, int)} over all of {@code bytes}. */
    public static JsonNode readTree(byte[] bytes) throws IOException {
        return readTree(bytes, 0, bytes.length);
    }

    /** {@link #readTree(byte[], int, int)} from a stream. */
    public static JsonNode readTree(InputStream in) throws IOException {
        try (JsonParser p = parser(in)) {
            return whole(p);
        }
    }

    /**
     * The words of the refusal when a line holds more than one value, as the mapper words it: the tree path and the
     * streaming walk of a long line say the same.
     */
    static String trailing(JsonToken after) {
        return String.format(Locale.ROOT, "Trailing token (of type %s) found after value (bound as %s): not allowed as per "
                + "`DeserializationFeature.FAIL_ON_TRAILING_TOKENS`", after, "`" + JsonNode.class.getName() + "`");
    }

    private static JsonNode whole(JsonParser p) throws IOException {
        if (p.nextToken() == null) {
            return MissingNode.getInstance();
        }
        JsonNode value = value(p);
        JsonToken after = p.nextToken();
        if (after != null) {
            throw MismatchedInputException.from(p, JsonNode.class, trailing(after));
        }
        return value;
    }

    /** How a string value becomes a node; the parser is on its {@code VALUE_STRING}. */
    @FunctionalInterface
    interface Strings {
        JsonNode read(JsonParser p) throws IOException;
    }

    /** Every string whole, as the mapper reads it. */
    private static final Strings WHOLE = p -> NODES.textNode(p.getText());

    private static JsonNode value(JsonParser p) throws IOException {
        return value(p, WHOLE);
    }

    /**
     * The value at the parser's current token, scalar or container, built without recursion (nesting is bounded by
     * the parser, the stack is not), each string made by {@code strings} (a long line cuts them: {@link LongLine});
     * the parser is left on the value's last token.
     */
    static JsonNode value(JsonParser p, Strings strings) throws IOException {
        JsonToken t = p.currentToken();
        if (t != JsonToken.START_OBJECT && t != JsonToken.START_ARRAY) {
            return scalar(p, t, strings);
        }
        ContainerNode<?> root = t == JsonToken.START_OBJECT ? NODES.objectNode() : NODES.arrayNode();
        ArrayDeque<ContainerNode<?>> outer = new ArrayDeque<>();
        ContainerNode<?> current = root;
        String name = null;
        while (true) {
            JsonToken n = p.nextToken();
            if (n == null) {
                throw new com.fasterxml.jackson.core.JsonParseException(p, "Unexpected end of input in a JSON value");
            }
            switch (n) {
                case FIELD_NAME -> name = p.currentName();
                case END_OBJECT, END_ARRAY -> {
                    if (outer.isEmpty()) {
                        return root;
                    }
                    current = outer.pop();
                }
                case START_OBJECT, START_ARRAY -> {
                    ContainerNode<?> inner = n == JsonToken.START_OBJECT ? NODES.objectNode() : NODES.arrayNode();
                    put(current, name, inner);
                    outer.push(current);
                    current = inner;
                }
                default -> put(current, name, scalar(p, n, strings));
            }
        }
    }

    private static void put(ContainerNode<?> into, String name, JsonNode value) {
        if (into instanceof ObjectNode o) {
            o.replace(name, value); // a repeated key: the last value wins, at the first one's place
        } else {
            ((ArrayNode) into).add(value);
        }
    }

    private static JsonNode scalar(JsonParser p, JsonToken t, Strings strings) throws IOException {
        return switch (t) {
            case VALUE_STRING -> strings.read(p);
            case VALUE_NUMBER_INT -> switch (p.getNumberType()) {
                case INT -> NODES.numberNode(p.getIntValue());
                case LONG -> NODES.numberNode(p.getLongValue());
                default -> NODES.numberNode(p.getBigIntegerValue());
            };
            case VALUE_NUMBER_FLOAT -> switch (p.getNumberTypeFP()) {
                case BIG_DECIMAL -> NODES.numberNode(p.getDecimalValue());
                case FLOAT32 -> NODES.numberNode(p.getFloatValue());
                default -> NODES.numberNode(p.getDoubleValue()); // JSON text: a double, NaN and the infinities too
            };
            case VALUE_TRUE -> NODES.booleanNode(true);
            case VALUE_FALSE -> NODES.booleanNode(false);
            case VALUE_NULL -> NODES.nullNode();
            case VALUE_EMBEDDED_OBJECT -> embedded(p.getEmbeddedObject()); // only from a parser over a tree
            default -> throw new IllegalStateException("not a value: " + t);
        };
    }

    private static JsonNode embedded(Object o) {
        if (o == null) {
            return NODES.nullNode();
        }
        if (o instanceof byte[] b) {
            return NODES.binaryNode(b);
        }
        return o instanceof JsonNode n ? n : NODES.pojoNode(o);
    }

    /** A mapper for writing (pretty JSON in the detail view, reports); made on first use, over its own factory. */
    public static ObjectMapper mapper() {
        return Writing.MAPPER;
    }

    /** A copy of the factory every parser here comes from: the limits and the non-numeric numbers. */
    static JsonFactory factory() {
        return FACTORY.copy();
    }

    private static final class Writing {
        static final ObjectMapper MAPPER = new ObjectMapper(factory());
    }
}
