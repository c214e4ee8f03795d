import CSparksSDL2

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Text drawn over the effect with SDL2_ttf: preset, live particles, steps per second, frame
/// time. The text texture is rebuilt only when the text changes.
final class HeadsUpDisplay {
    /// Where DejaVu Sans Mono lives on Debian (package fonts-dejavu-core).
    static let fontCandidates = [
        "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf",
        "/usr/share/fonts/TTF/DejaVuSansMono.ttf",
        "/usr/share/fonts/dejavu/DejaVuSansMono.ttf",
    ]

    private let font: OpaquePointer
    private var texture: OpaquePointer?
    private var textureSize = (w: Int32(0), h: Int32(0))
    private var shownText = ""
    private var shownWrap: UInt32 = 0

    /// Opens the HUD font; throws when no font is installed or SDL2_ttf fails.
    init(pointSize: Int32 = 14) throws(SDLError) {
        if TTF_WasInit() == 0, TTF_Init() != 0 { throw SDLError("starting SDL2_ttf") }
        guard let path = Self.fontCandidates.first(where: { FileManager.default.fileExists(atPath: $0) }) else {
            throw SDLError("opening the HUD font", reason: "DejaVu Sans Mono not found (install fonts-dejavu-core)")
        }
        guard let font = TTF_OpenFont(path, pointSize) else { throw SDLError("opening \(path)") }
        self.font = font
    }

    deinit {
        if let texture { SDL_DestroyTexture(texture) }
        for entry in panelTexts.values { SDL_DestroyTexture(entry.texture) }
        TTF_CloseFont(font)
    }

    private var panelTexts: [String: (texture: OpaquePointer, w: Int32, h: Int32)] = [:]

    /// The height of the HUD panel as last drawn, in pixels (0 before it is drawn).
    var shownHeight: Int32 { texture == nil ? 0 : textureSize.h + 14 }

    /// Draws `text` (lines separated by newlines, wrapped at `wrapWidth` pixels) as a strip of
    /// `panel` colour across the output: at the bottom, or at the top below `below` pixels (the
    /// HUD). Used for the reload error overlay.
    func drawPanel(_ text: String, renderer: OpaquePointer, panel: SDL_Color, wrapWidth: Int32, atTop: Bool = false, below: Int32 = 0) {
        if panelTexts[text] == nil {
            for old in panelTexts.values { SDL_DestroyTexture(old.texture) }
            panelTexts.removeAll()
            let white = SDL_Color(r: 255, g: 255, b: 255, a: 255)
            guard let surface = TTF_RenderUTF8_Blended_Wrapped(font, text, white, UInt32(max(wrapWidth, 100))) else { return }
            defer { SDL_FreeSurface(surface) }
            guard let texture = SDL_CreateTextureFromSurface(renderer, surface) else { return }
            panelTexts[text] = (texture, surface.pointee.w, surface.pointee.h)
        }
        guard let entry = panelTexts[text] else { return }
        var w: Int32 = 0, h: Int32 = 0
        SDL_RenderGetLogicalSize(renderer, &w, &h)
        if w == 0 { SDL_GetRendererOutputSize(renderer, &w, &h) }
        let top = atTop ? below : h - entry.h - 16
        var background = SDL_Rect(x: 0, y: top, w: w, h: entry.h + 16)
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
        SDL_SetRenderDrawColor(renderer, panel.r, panel.g, panel.b, panel.a)
        SDL_RenderFillRect(renderer, &background)
        var target = SDL_Rect(x: 10, y: top + 8, w: entry.w, h: entry.h)
        SDL_SetTextureBlendMode(entry.texture, SDL_BLENDMODE_BLEND)
        SDL_RenderCopy(renderer, entry.texture, nil, &target)
    }

    /// Draws `text` (lines separated by newlines, wrapped at `wrapWidth` pixels so a narrow
    /// window shows all of it) at the top-left corner on a dark panel.
    func draw(_ text: String, renderer: OpaquePointer, wrapWidth: Int32) {
        let wrap = UInt32(max(wrapWidth, 120))
        if text != shownText || wrap != shownWrap || texture == nil {
            shownText = text
            shownWrap = wrap
            if let texture { SDL_DestroyTexture(texture) }
            texture = nil
            let white = SDL_Color(r: 255, g: 255, b: 255, a: 255)
            guard let surface = TTF_RenderUTF8_Blended_Wrapped(font, text, white, wrap) else { return }
            defer { SDL_FreeSurface(surface) }
            texture = SDL_CreateTextureFromSurface(renderer, surface)
            textureSize = (surface.pointee.w, surface.pointee.h)
        }
        guard let texture else { return }
        var panel = SDL_Rect(x: 6, y: 6, w: textureSize.w + 12, h: textureSize.h + 8)
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
        SDL_SetRenderDrawColor(renderer, 0, 0, 0, 150)
        SDL_RenderFillRect(renderer, &panel)
        var target = SDL_Rect(x: 12, y: 10, w: textureSize.w, h: textureSize.h)
        SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
        SDL_RenderCopy(renderer, texture, nil, &target)
    }
}
