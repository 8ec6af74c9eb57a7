/// The keys of CALayer's properties, spelled as Apple's key-value coding names.
public enum CALayerKey: String, CaseIterable, Sendable {
    case bounds
    case position
    case zPosition
    case anchorPoint
    case anchorPointZ
    case transform
    case sublayerTransform
    case opacity
    case isHidden = "hidden"
    case masksToBounds
    case isDoubleSided = "doubleSided"
    case cornerRadius
    case maskedCorners
    case borderWidth
    case borderColor
    case backgroundColor
    case shadowColor
    case shadowOpacity
    case shadowOffset
    case shadowRadius
    case shadowPath
    case contentsRect
    case contentsCenter
    case contentsGravity
    case contentsScale
    case minificationFilter
    case minificationFilterBias
    case magnificationFilter
    case allowsGroupOpacity
    case allowsEdgeAntialiasing
    case isOpaque = "opaque"
    case contents
    case mask
    case sublayers
    case cornerCurve
    case edgeAntialiasingMask
    case isGeometryFlipped = "geometryFlipped"
    case shouldRasterize
    case rasterizationScale
}
