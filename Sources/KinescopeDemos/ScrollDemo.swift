import Kinescope

/// A photo carousel over a 10 000-row table: the carousel is a collection view with a custom
/// horizontal layout that shrinks and fades items by their distance from the centre; the table
/// shows the demo images at three sizes (rows of 44, 64 and 88 points) with subtitles and
/// accessories. Wheel, drag and flick scroll either; a click selects a row or a photo.
final class ScrollDemoViewController: UIViewController, UITableViewDataSource, UITableViewDelegate,
    UICollectionViewDataSource, UICollectionViewDelegate {
    private static let rowCount = 10_000
    private static let names = ["Anchor", "Cone", "Igloo", "Spaceship"]
    private let photos = ["PhotoLandscape", "PhotoTexture", "Anchor", "Cone", "Igloo", "Spaceship"].compactMap { UIImage(named: $0) }
    /// The demo images scaled once to each row size (so scrolling never resamples 512-pixel
    /// images), indexed [size][image].
    private var thumbnails: [[UIImage]] = []
    private let carousel = UICollectionView(frame: .zero, collectionViewLayout: CarouselLayout())
    private let table = UITableView(frame: .zero, style: .plain)
    private let heights: [CGFloat] = [44, 64, 88]

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = UIColor(red: 0.13, green: 0.14, blue: 0.17, alpha: 1)
        let images = Self.names.compactMap { UIImage(named: $0) }
        thumbnails = heights.map { height in
            let side = height - 8
            return images.map { image in
                UIGraphicsImageRenderer(size: CGSize(width: side, height: side)).image { _ in
                    image.draw(in: CGRect(x: 0, y: 0, width: side, height: side))
                }
            }
        }
        carousel.backgroundColor = view.backgroundColor
        carousel.register(PhotoCell.self, forCellWithReuseIdentifier: "photo")
        carousel.dataSource = self
        carousel.delegate = self
        carousel.showsHorizontalScrollIndicator = false
        view.addSubview(carousel)
        table.register(SubtitleCell.self, forCellReuseIdentifier: "row")
        table.dataSource = self
        table.delegate = self
        view.addSubview(table)
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let bounds = view.bounds
        let carouselHeight = (bounds.height * 0.32).rounded()
        carousel.frame = CGRect(x: 0, y: 0, width: bounds.width, height: carouselHeight)
        table.frame = CGRect(x: 0, y: carouselHeight, width: bounds.width, height: bounds.height - carouselHeight)
    }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { Self.rowCount }

    func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat { heights[indexPath.row % 3] }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        let name = Self.names[indexPath.row % Self.names.count]
        cell.imageView?.image = thumbnails.isEmpty ? nil : thumbnails[indexPath.row % 3][indexPath.row % Self.names.count]
        let size = Int(heights[indexPath.row % 3] - 8)
        cell.textLabel?.text = "\(name) \(indexPath.row + 1)"
        cell.detailTextLabel?.text = "Row \(indexPath.row + 1) of \(Self.rowCount), image \(size)×\(size) points"
        cell.accessoryType = [.disclosureIndicator, .none, .checkmark, .detailButton][indexPath.row % 4]
        return cell
    }

    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { photos.count * 5 }

    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "photo", for: indexPath)
        (cell as? PhotoCell)?.imageView.image = photos.isEmpty ? nil : photos[indexPath.item % photos.count]
        return cell
    }

    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
        collectionView.scrollToItem(at: indexPath, at: .centeredHorizontally, animated: true)
    }
}

/// A table cell of the `.subtitle` style (registered classes are made with `.default`, as in
/// UIKit, so a subclass picks the style).
private final class SubtitleCell: UITableViewCell {
    override init(style: CellStyle, reuseIdentifier: String?) {
        super.init(style: .subtitle, reuseIdentifier: reuseIdentifier)
    }
}

/// A carousel cell: the photo, filling the cell with rounded corners.
private final class PhotoCell: UICollectionViewCell {
    let imageView = UIImageView()

    override init(frame: CGRect) {
        super.init(frame: frame)
        imageView.contentMode = .scaleAspectFill
        imageView.clipsToBounds = true
        imageView.layer.cornerRadius = 10
        contentView.addSubview(imageView)
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        imageView.frame = contentView.bounds
    }
}

/// One row of square items across the middle, each scaled (down to 0.6) and faded by its
/// distance from the visible centre; the layout is prepared again at every scroll.
private final class CarouselLayout: UICollectionViewLayout {
    private var count = 0
    private var side: CGFloat = 0
    private let spacing: CGFloat = 16

    override func prepare() {
        guard let view = collectionView else { return }
        count = view.numberOfItems(inSection: 0)
        side = max(1, (view.bounds.height * 0.8).rounded())
    }

    override var collectionViewContentSize: CGSize {
        guard let view = collectionView, count > 0 else { return .zero }
        return CGSize(width: CGFloat(count - 1) * (side + spacing) + view.bounds.width, height: view.bounds.height)
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard let view = collectionView, indexPath.item >= 0, indexPath.item < count else { return nil }
        let attributes = UICollectionViewLayoutAttributes(forCellWith: indexPath)
        attributes.size = CGSize(width: side, height: side)
        attributes.center = CGPoint(x: view.bounds.width / 2 + CGFloat(indexPath.item) * (side + spacing), y: view.bounds.height / 2)
        let distance = min(1, abs(attributes.center.x - view.bounds.midX) / max(1, view.bounds.width / 2))
        let scale = 1 - 0.4 * distance
        attributes.transform = CGAffineTransform(scaleX: scale, y: scale)
        attributes.alpha = 1 - 0.5 * distance
        attributes.zIndex = Int((1 - distance) * 100)
        return attributes
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        guard count > 0 else { return [] }
        let pitch = side + spacing, origin = (collectionView?.bounds.width ?? 0) / 2 - side / 2
        let first = max(0, Int(((rect.minX - origin - side) / pitch).rounded(.down)))
        let last = min(count - 1, Int(((rect.maxX - origin) / pitch).rounded(.up)))
        guard first <= last else { return [] }
        return (first...last).compactMap { layoutAttributesForItem(at: IndexPath(item: $0, section: 0)) }
    }

    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { true }
}
