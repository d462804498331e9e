/// The keys a layer object of each class may hold, found once per class and decode, and each
/// member's key looked up among them.
import GLayers

extension DecodeContext {
    /// `PropertyTypes.type(of:on:)`, found once per class and key and decode (a scene sets the
    /// same few keys on many layers: it was a fifth of decoding 100 000 layers).
    func propertyType(of key: String, on layerClass: CALayer.Type) -> Result<PropertyType, KeyProblem> {
        let id = PropertyTypeKey(layerClass: ObjectIdentifier(layerClass), key: key)
        if let known = propertyTypes[id] { return known }
        let found = PropertyTypes.type(of: key, on: layerClass)
        propertyTypes[id] = found
        return found
    }

    /// A plain key of a layer class: its canonical name (aliases resolved), its type, and the
    /// entry that sets it.
    ///
    /// - A class, so that looking one up for each member of each layer object copies one
    ///   reference, not a string, a result and an entry.
    final class PlainKey {
        let canonical: String
        let type: Result<PropertyType, KeyProblem>
        let entry: LayerProperty?
        /// Whether the key is an alias of `canonical` (`checkAliases` then has pairs to check).
        let isAlias: Bool
        /// Whether it is `frame`, which is set after the others.
        let isFrame: Bool
        /// The entry, when `LayerValues.set` sets the key through it (not one of the keys it sets
        /// by their Swift accessors): a typed value may go to it without a box.
        let typedEntry: LayerProperty?

        init(key: String, canonical: String, type: Result<PropertyType, KeyProblem>, entry: LayerProperty?) {
            self.canonical = canonical
            self.type = type
            self.entry = entry
            isAlias = key != canonical
            isFrame = canonical == "frame"
            typedEntry = LayerValues.accessorKeys.contains(canonical) ? nil : entry
        }
    }

    /// What a layer object of one class may hold.
    struct LayerKeys {
        /// Its declared keys, their aliases, the structural keys and the class's scene keys
        /// (`SceneClasses.sceneKeys(of:)`).
        let allowed: Set<String>
        /// The allowed keys that are plain property values (not structural, not scene keys),
        /// each with its canonical name and type: one lookup per member of a layer object,
        /// through `recent`.
        let plain: [String: PlainKey]
        /// The keys looked up lately and what `plain` holds for them (`RecentKeys`).
        let recent = RecentKeys()
        /// The alias pairs of its declared keys (`checkAliases`).
        let aliasPairs: [(String, String)]
    }

    /// What a dictionary of keys holds for the keys looked up lately: a key met again is found
    /// by comparing it with the one kept in its slot, where hashing it cost 350 instructions (a
    /// layer object's few keys recur in every layer of a scene: their lookups were a twentieth
    /// of validating 100 000 layers). The slot comes from the string's bits, which are its
    /// bytes for a short key; `==` decides, so any string finds what the dictionary holds.
    final class RecentKeys {
        private struct Entry {
            var key = ""
            var value: PlainKey?
            var filled = false
        }
        /// Unchecked for exclusive access: the decoder's own, read and written on its thread
        /// (the checks cost more than the look-up).
        @exclusivity(unchecked) private var entries = [Entry](repeating: Entry(), count: 64)

        func lookUp(_ key: String, in dictionary: [String: PlainKey]) -> PlainKey? {
            let bits = unsafeBitCast(key, to: (UInt64, UInt64).self)
            let mixed = (bits.0 &* 0x9E37_79B9_7F4A_7C15) ^ (bits.1 &* 0xC2B2_AE3D_27D4_EB4F)
            let slot = Int(truncatingIfNeeded: mixed >> 58)
            if entries[slot].filled && entries[slot].key == key { return entries[slot].value }
            let value = dictionary[key]
            entries[slot] = Entry(key: key, value: value, filled: true)
            return value
        }
    }

    /// The keys of `layerClass`, made once per class and decode (a scene of 100 000 layers made
    /// each layer's lists afresh).
    func layerKeys(of layerClass: CALayer.Type) -> LayerKeys {
        let id = ObjectIdentifier(layerClass)
        // Most layers of a big scene are of the class of the layer before them.
        if let last = lastLayerKeys, last.id == id { return last.keys }
        if let known = layerKeysByClass[id] {
            lastLayerKeys = (id, known)
            return known
        }
        let declared = layerClass.properties.declaredKeySet
        let aliases = PropertyTypes.aliases.filter { declared.contains($0.value) }
        let sceneKeys = SceneClasses.sceneKeys(of: layerClass)
        let allowed = declared.union(aliases.map(\.key) + Self.structuralLayerKeys + sceneKeys)
        var plain: [String: PlainKey] = [:]
        for key in allowed.subtracting(Self.structuralLayerKeys + sceneKeys) {
            let canonical = PropertyTypes.canonical(key)
            plain[key] = PlainKey(
                key: key, canonical: canonical, type: propertyType(of: canonical, on: layerClass),
                entry: layerClass.properties[canonical])
        }
        let keys = LayerKeys(allowed: allowed, plain: plain, aliasPairs: aliases.map { ($0.value, $0.key) })
        layerKeysByClass[id] = keys
        lastLayerKeys = (id, keys)
        return keys
    }
}
